/**
 * 搜索 in the header, as Ant Design Pro's HeaderSearch: `/` anywhere (outside a field) or a click opens it. The
 * header carries only this trigger; the box and its calls load on first use, so no page grows by it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

const load = () => import('./SearchBox');
const SearchBox = lazy(load);

/** Whether a key press goes to a field of the page (then `/` is a character, not the shortcut). */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

export default function HeaderSearch() {
  const [open, setOpen] = useState(false);
  // What is typed before the box has loaded goes into it.
  const [early, setEarly] = useState('');
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  if (!open) {
    return (
      <button
        type="button"
        className="shipdesk-header-search"
        aria-label="搜索编号"
        onClick={() => setOpen(true)}
        onMouseEnter={load}
        onFocus={load}
      >
        搜索编号 <kbd>/</kbd>
      </button>
    );
  }
  const close = () => {
    setOpen(false);
    setEarly('');
  };
  return (
    <Suspense
      fallback={
        <input
          autoFocus
          className="shipdesk-header-search"
          aria-label="搜索编号"
          value={early}
          onChange={(event) => setEarly(event.target.value)}
        />
      }
    >
      <SearchBox initialText={early} onClose={close} />
    </Suspense>
  );
}
