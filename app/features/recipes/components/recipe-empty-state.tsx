import MenuBookIcon from '@mui/icons-material/MenuBook';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import styles from './recipe-empty-state.module.css';
import { ButtonLink } from '../../../components/button-link.tsx';

/** Shown where a list has no recipes yet (the home page's empty state among them). */
export function RecipeEmptyState() {
  return (
    <Paper sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <MenuBookIcon sx={{ fontSize: 56, color: 'secondary.main' }} />
      <Typography variant="h3" component="h2" sx={{ mt: 1 }}>
        Es wurden noch keine Rezepte erfasst
      </Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>Willst du das ändern? Dann los!</Typography>
      <ButtonLink to="/create" variant="contained" size="large" className={styles.cta}>
        Erfasse dein erstes Rezept
      </ButtonLink>
    </Paper>
  );
}
