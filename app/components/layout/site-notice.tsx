import { useState } from 'react';
import { useLocation } from 'react-router';
import styles from './site-notice.module.css';

export type Notice = { id: string; text: string };

/**
 * A one-time notice after a form (signed up, recipe published: lib/notice.server.ts) above the
 * page's content, on the page it arrived with, until the reader closes it or moves on.
 */
export function SiteNotice({ notice }: { notice: Notice | null }) {
  const { key } = useLocation();
  const [lastKey, setLastKey] = useState(key);
  const [arrival, setArrival] = useState({ id: notice?.id, key, inPlace: false });
  const [closed, setClosed] = useState<string>();
  // A new notice (after a form, without a new document) belongs to the page it came with. One that
  // came without a navigation (a card deleted in a list) floats in view: the reader may be far
  // down the page, where a notice above the content would go unseen.
  if (notice && notice.id !== arrival.id) setArrival({ id: notice.id, key, inPlace: lastKey === key });
  if (lastKey !== key) setLastKey(key);
  if (!notice || notice.id !== arrival.id || arrival.key !== key || closed === notice.id) return null;
  return (
    <div role="status" className={arrival.inPlace ? `${styles.notice} ${styles.floating}` : styles.notice}>
      <p className={styles.text}>{notice.text}</p>
      <button type="button" className={styles.close} aria-label="Hinweis schliessen" onClick={() => setClosed(notice.id)}>
        ×
      </button>
    </div>
  );
}
