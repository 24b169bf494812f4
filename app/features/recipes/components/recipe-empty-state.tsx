import MenuBookIcon from '@mui/icons-material/MenuBook';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';

/** Shown where a list has no recipes yet (spec: home empty state). */
export function RecipeEmptyState() {
  return (
    <Paper elevation={0} sx={{ p: { xs: 3, md: 6 }, textAlign: 'center', borderRadius: 3 }}>
      <MenuBookIcon sx={{ fontSize: 56, color: 'secondary.main' }} />
      <Typography variant="h3" component="h2" sx={{ mt: 1 }}>
        Es wurden noch keine Rezepte erfasst
      </Typography>
      <Typography sx={{ mt: 1, color: 'text.secondary' }}>Willst du das ändern? Dann los!</Typography>
      <Button component={Link} to="/create" variant="contained" size="large" sx={{ mt: 3 }}>
        Erfasse dein erstes Rezept
      </Button>
    </Paper>
  );
}
