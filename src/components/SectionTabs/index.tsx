import { theme } from 'antd';
import { useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';

export type Section = { key: string; label: ReactNode; children?: ReactNode };

const MOVES: Record<string, (at: number, count: number) => number> = {
  ArrowRight: (at, count) => (at + 1) % count,
  ArrowLeft: (at, count) => (at - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

/**
 * A row of tabs drawn as antd's line Tabs, with the WAI-ARIA tabs pattern (arrow keys, Home, End), without rc-tabs'
 * overflow menu and animations (~12 KB gzip) on the pages that show tabs at once. `panelOf` names each tab's panel.
 */
export function TabRow({
  items,
  activeKey,
  onChange,
  panelOf,
  style,
}: {
  items: readonly Section[];
  activeKey?: string;
  onChange: (key: string) => void;
  panelOf?: (key: string) => { tab: string; panel: string };
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  const tabs = useRef(new Map<string, HTMLButtonElement | null>());
  const onKeyDown = (event: KeyboardEvent, at: number) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = items[move(at, items.length)].key;
    onChange(next);
    tabs.current.get(next)?.focus();
  };
  return (
    <div role="tablist" style={{ display: 'flex', flexWrap: 'wrap', columnGap: 32, ...style }}>
      {items.map((item, at) => {
        const selected = item.key === activeKey;
        const ids = panelOf?.(item.key);
        return (
          <button
            key={item.key}
            ref={(tab) => {
              tabs.current.set(item.key, tab);
            }}
            type="button"
            role="tab"
            id={ids?.tab}
            aria-selected={selected}
            aria-controls={ids?.panel}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.key)}
            onKeyDown={(event) => onKeyDown(event, at)}
            style={{
              padding: '12px 0',
              marginBlockEnd: -1,
              border: 'none',
              borderBlockEnd: `2px solid ${selected ? token.colorPrimary : 'transparent'}`,
              background: 'none',
              color: selected ? token.colorPrimary : token.colorText,
              font: 'inherit',
              cursor: 'pointer',
            }}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/**
 * Sections of one page behind a row of tabs. A section once shown stays mounted, hidden, so that what was typed in
 * it is still there when it is shown again (as antd's Tabs keeps its panes).
 */
export default function SectionTabs({ items }: { items: Section[] }) {
  const { token } = theme.useToken();
  const id = useId();
  const [chosen, setChosen] = useState<string>();
  const active = items.some((item) => item.key === chosen) ? chosen : items[0]?.key;
  const [visited, setVisited] = useState<ReadonlySet<string>>(new Set());
  const choose = (key: string) => {
    setChosen(key);
    // The section left is kept too, the first one included, which no click opened.
    setVisited((before) => new Set(before).add(key).add(active ?? key));
  };
  const panelOf = (key: string) => ({ tab: `${id}-tab-${key}`, panel: `${id}-panel-${key}` });
  return (
    <div>
      <TabRow
        items={items}
        activeKey={active}
        onChange={choose}
        panelOf={panelOf}
        style={{ borderBlockEnd: `1px solid ${token.colorBorderSecondary}`, marginBlockEnd: 16 }}
      />
      {items
        .filter((item) => item.key === active || visited.has(item.key))
        .map((item) => (
          <div
            key={item.key}
            role="tabpanel"
            id={panelOf(item.key).panel}
            aria-labelledby={panelOf(item.key).tab}
            hidden={item.key !== active}
          >
            {item.children}
          </div>
        ))}
    </div>
  );
}
