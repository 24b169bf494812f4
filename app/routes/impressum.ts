// /impressum: the German word a reader types for the imprint, whose address
// the spec fixes as /imprint.
import { redirect } from 'react-router';

export function loader() {
  return redirect('/imprint', 301);
}
