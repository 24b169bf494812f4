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
  const [arrival, setArrival] = useState({ id: notice?.id, key });
  const [closed, setClosed] = useState<string>();
  // A new notice (after a form, without a new document) belongs to the page it came with.
  if (notice && notice.id !== arrival.id) setArrival({ id: notice.id, key });
  if (!notice || notice.id !== arrival.id || arrival.key !== key || closed === notice.id) return null;
  return (
    <div role="status" className={styles.notice}>
      <p className={styles.text}>{notice.text}</p>
      <button type="button" className={styles.close} aria-label="Hinweis schliessen" onClick={() => setClosed(notice.id)}>
        ×
      </button>
    </div>
  );
}
