import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Ingredient } from '../recipe-types.ts';
import styles from './ingredients-panel.module.css';

export function IngredientsPanel({ quantity, ingredients }: { quantity: string; ingredients: Ingredient[] }) {
  return (
    <Paper component="section" aria-labelledby="zutaten" sx={{ p: { xs: 2.5, md: 3 }, borderTop: 4, borderColor: 'secondary.main' }}>
      <Typography variant="h3" component="h2" id="zutaten">
        Zutaten
      </Typography>
      <Typography sx={{ color: 'text.secondary', fontStyle: 'italic', mb: 1.5 }}>{quantity}</Typography>
      <table className={styles.table}>
        <tbody>
          {ingredients.map((ingredient, index) => (
            <tr key={index} className={styles.row}>
              <td className={styles.amount}>{ingredient.amount}</td>
              <td className={styles.name}>{ingredient.name}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Paper>
  );
}
