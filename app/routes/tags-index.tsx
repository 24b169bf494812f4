import { redirect } from 'react-router';

/** /tags without a tag sends the visitor home. */
export function loader() {
  return redirect('/');
}
