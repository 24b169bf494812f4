import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Ingredient } from '../recipe-types.ts';

export function IngredientsPanel({ quantity, ingredients }: { quantity: string; ingredients: Ingredient[] }) {
  return (
    <Paper component="section" aria-labelledby="zutaten" elevation={0} sx={{ p: { xs: 2.5, md: 3 }, borderRadius: 3, borderTop: 4, borderColor: 'secondary.main' }}>
      <Typography variant="h3" component="h2" id="zutaten">
        Zutaten
      </Typography>
      <Typography sx={{ color: 'text.secondary', fontStyle: 'italic', mb: 1.5 }}>{quantity}</Typography>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse' }}>
        <tbody>
          {ingredients.map((ingredient, index) => (
            <Box component="tr" key={index} sx={{ borderBottom: 1, borderColor: 'divider', '&:last-child': { border: 0 } }}>
              <Box component="td" sx={{ py: 1, pr: 2, width: '38%', whiteSpace: 'nowrap', fontFamily: 'Montserrat, sans-serif', fontWeight: 600, verticalAlign: 'top' }}>
                {ingredient.amount}
              </Box>
              <Box component="td" sx={{ py: 1, verticalAlign: 'top' }}>
                {ingredient.name}
              </Box>
            </Box>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}
