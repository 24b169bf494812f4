import styles from './divider.module.css';

/** A horizontal rule that looks like MUI's Divider, without its script: public pages show it to every reader. */
export function Divider() {
  return <hr className={styles.divider} />;
}
