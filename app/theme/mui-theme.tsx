import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { theme } from './theme.ts';

/**
 * MUI's theme for the parts that use MUI components: the pages with forms
 * (routes/layouts/mui-pages.tsx) and the parts that load on demand (account
 * menu, delete confirmation, comment form, category menu). It is not at
 * the root: home, a recipe and the lists use no MUI, so anonymous readers
 * never download it (their look comes from theme.generated.css).
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
