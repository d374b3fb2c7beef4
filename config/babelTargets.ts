/**
 * The browsers the app is compiled for. umi hands `targets` to babel-loader as Babel's top-level option, but the
 * preset-env inside umi's preset does not read them there: the app's own code was compiled for old browsers (async
 * functions on a regenerator, spreads, rest and for…of through helpers, ~190 KB more JavaScript). `.umirc.ts` gives
 * them to preset-env itself, through `withPresetTargets`.
 */
export const TARGETS = { chrome: 100, edge: 100, firefox: 100, safari: 15 };

type Preset = string | [string, Record<string, unknown>?];

/** babel-loader's options with TARGETS in the options of umi's preset's preset-env; the rest as it was. */
export function withPresetTargets<T extends { presets?: Preset[] }>(options: T): T {
  return {
    ...options,
    presets: options.presets?.map((preset) => {
      if (!Array.isArray(preset) || !preset[0].includes('babel-preset-umi')) return preset;
      const [name, presetOptions = {}] = preset;
      const presetEnv = { ...(presetOptions.presetEnv as object | undefined), targets: TARGETS };
      return [name, { ...presetOptions, presetEnv }];
    }),
  };
}
