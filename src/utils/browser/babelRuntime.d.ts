/** The ES helper regenerator.ts makes the regenerator runtime with (the package ships no types). */
declare module '@babel/runtime/helpers/esm/regeneratorRuntime' {
  const regeneratorRuntime: () => unknown;
  export default regeneratorRuntime;
}
