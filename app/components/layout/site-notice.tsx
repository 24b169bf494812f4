import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import styles from './site-notice.module.css';

export type Notice = { id: string; text: string };

/** How long a floating notice stays before it goes by itself: long enough to read it twice. */
const FLOATING_MS = 8_000;

/**
 * A one-time notice after a form (signed up, recipe published: lib/notice.server.ts) on the page
 * it arrived with, until the reader closes it or moves on: above the page's content after a
 * navigation, floating at the top of the screen when it came without one (a card deleted in a
 * list: the reader may be far down the page, where a notice above the content would go unseen).
 */
export function SiteNotice({ notice }: { notice: Notice | null }) {
  const { key } = useLocation();
  const [lastKey, setLastKey] = useState(key);
  const [arrival, setArrival] = useState({ id: notice?.id, key, inPlace: false });
  const [closed, setClosed] = useState<string>();
  const id = notice?.id;
  const close = useCallback(() => setClosed(id), [id]);
  // A new notice (after a form, without a new document) belongs to the page it came with.
  if (notice && notice.id !== arrival.id) setArrival({ id: notice.id, key, inPlace: lastKey === key });
  if (lastKey !== key) setLastKey(key);
  if (!notice || notice.id !== arrival.id || arrival.key !== key || closed === notice.id) return null;
  if (arrival.inPlace) return <FloatingNotice key={notice.id} text={notice.text} onClose={close} />;
  return <NoticeBar text={notice.text} onClose={close} />;
}

type NoticeBarProps = {
  text: string | undefined;
  onClose: () => void;
  floating?: boolean;
  /** The floating notice's: a pointer over it or the focus in it holds it. */
  onHold?: (holder: Holder, holding: boolean) => void;
};

type Holder = 'pointer' | 'focus';

function NoticeBar({ text, onClose, floating = false, onHold }: NoticeBarProps) {
  return (
    <div
      role="status"
      className={floating ? `${styles.notice} ${styles.floating}` : styles.notice}
      onPointerEnter={onHold && (() => onHold('pointer', true))}
      onPointerLeave={onHold && (() => onHold('pointer', false))}
      onFocus={onHold && (() => onHold('focus', true))}
      onBlur={onHold && ((event) => event.currentTarget.contains(event.relatedTarget) || onHold('focus', false))}
    >
      <p className={styles.text}>{text}</p>
      <button type="button" className={styles.close} aria-label="Hinweis schliessen" onClick={onClose}>
        ×
      </button>
    </div>
  );
}

/**
 * Over the page: its text goes into the live region once the region is there (one that comes
 * with its text is often not read out, and the focus moves at the same moment), and it goes by
 * itself after a while, so that it does not keep covering the header. Not while the pointer is over
 * it or the focus in it: the reader is still reading, or about to close it (WCAG's timing
 * adjustable); it waits its full time again once they have left.
 */
function FloatingNotice({ text, onClose }: { text: string; onClose: () => void }) {
  const [said, setSaid] = useState(false);
  const [holders, setHolders] = useState<Record<Holder, boolean>>({ pointer: false, focus: false });
  const held = holders.pointer || holders.focus;
  useEffect(() => {
    const frame = requestAnimationFrame(() => setSaid(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(onClose, FLOATING_MS);
    return () => clearTimeout(timer);
  }, [held, onClose]);
  const hold = useCallback((holder: Holder, holding: boolean) => {
    setHolders((current) => (current[holder] === holding ? current : { ...current, [holder]: holding }));
  }, []);
  return <NoticeBar text={said ? text : undefined} onClose={onClose} floating onHold={hold} />;
}
