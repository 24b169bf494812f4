import { redirect } from 'react-router';

/** /tags without a tag: the spec sends the visitor home. */
export function loader() {
  return redirect('/');
}
