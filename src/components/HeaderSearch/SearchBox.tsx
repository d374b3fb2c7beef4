/**
 * The open header search: results as the user types (a short pause first), grouped by kind with each one's status;
 * arrows move, Enter opens the page, Esc or leaving the box closes it. Only what the caller may see comes back.
 */
import { searchNumbers } from '@/services/search';
import type { SearchGroup } from '@contract/search/codes';
import { AutoComplete, Input, Tag } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { history } from 'umi';

const PAUSE_MS = 150;

type Option = { value: string; label: ReactNode; disabled?: boolean };

/** `initialText`: what was typed while the box loaded. */
export default function SearchBox({ initialText, onClose }: { initialText: string; onClose: () => void }) {
  const [text, setText] = useState(initialText);
  const [groups, setGroups] = useState<SearchGroup[]>([]);
  const [searched, setSearched] = useState('');
  const asked = useRef(0);
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) {
      setGroups([]);
      setSearched('');
      return undefined;
    }
    const timer = window.setTimeout(async () => {
      asked.current += 1;
      const mine = asked.current;
      const found = await searchNumbers(q);
      // An answer to an older text is dropped: the list shows what the box says.
      if (mine !== asked.current || !found) return;
      setGroups(found.groups);
      setSearched(q);
    }, PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const options: (Option | { label: string; options: Option[] })[] = groups.map((group) => ({
    label: group.label,
    options: group.items.map((item) => ({
      value: item.path,
      label: (
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <strong>{item.title}</strong>
          <span style={{ flex: 1, color: 'rgba(0,0,0,0.45)', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {item.description}
          </span>
          {item.status ? <Tag style={{ marginInlineEnd: 0 }}>{item.status}</Tag> : null}
        </div>
      ),
    })),
  }));
  // Nothing found says so, as a line that cannot be chosen (the box shows no empty list).
  const nothing = searched && searched === text.trim() && !groups.length;
  if (nothing) options.push({ value: '', label: `没有以「${searched}」开头的编号`, disabled: true });
  return (
    <AutoComplete
      autoFocus
      defaultOpen
      style={{ width: 360 }}
      popupMatchSelectWidth={480}
      options={options}
      value={text}
      onChange={setText}
      defaultActiveFirstOption
      onSelect={(path: string) => {
        onClose();
        history.push(path);
      }}
      onBlur={onClose}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <Input.Search aria-label="搜索编号" placeholder="PO、提单号、柜号、计划号、SO、箱码…" allowClear />
    </AutoComplete>
  );
}
