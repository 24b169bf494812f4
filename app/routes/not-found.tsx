import { ErrorScreen } from '../components/error-screen.tsx';
import { pageMeta } from '../utils/meta.ts';
import { refusal } from '../utils/refusal.ts';

export function meta() {
  return pageMeta('Seite nicht gefunden', 'Diese Seite gibt es im Chuchiblog nicht (mehr).'); // ErrorScreen says noindex
}

/** Every unknown path: a German 404 page with status 404. */
export function loader() {
  throw refusal(404);
}

export default function NotFound() {
  return <ErrorScreen error={null} />;
}
