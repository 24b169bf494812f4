import { AppLink } from '../../../components/app-link.tsx';
import { tagPath } from '../../../utils/catalog.ts';
import styles from './tag-links.module.css';

/** The recipe's tags, each a link to its tag page. */
export function TagLinks({ tags }: { tags: readonly string[] }) {
  return (
    <ul aria-label="Tags" className={styles.list} data-print="hide">
      {tags.map((tag) => (
        <li key={tag}>
          <AppLink to={tagPath(tag)} className={styles.tag}>
            {tag}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}
