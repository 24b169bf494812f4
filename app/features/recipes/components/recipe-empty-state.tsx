import { ButtonLink } from '../../../components/button-link.tsx';
import { MenuBookIcon } from '../../../components/icons.tsx';
import { Paper } from '../../../components/paper.tsx';
import { Text } from '../../../components/text.tsx';
import styles from './recipe-empty-state.module.css';

/** Shown where a list has no recipes yet (the home page's empty state among them). */
export function RecipeEmptyState() {
  return (
    <Paper className={styles.panel}>
      <MenuBookIcon className={styles.icon} />
      <Text variant="h3" component="h2" className={styles.spaced}>
        Es wurden noch keine Rezepte erfasst
      </Text>
      <Text className={`${styles.spaced} ${styles.invitation}`}>Willst du das ändern? Dann los!</Text>
      <ButtonLink to="/create" variant="contained" size="large" className={styles.cta}>
        Erfasse dein erstes Rezept
      </ButtonLink>
    </Paper>
  );
}
