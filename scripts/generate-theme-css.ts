// Writes app/theme/theme.generated.css from the MUI theme (see app/theme/theme-css.ts).
// Run after changing app/theme/theme.ts: npm run theme:css
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { themeCss } from '../app/theme/theme-css.ts';
import { theme } from '../app/theme/theme.ts';

const target = path.resolve(import.meta.dirname, '../app/theme/theme.generated.css');
await writeFile(target, themeCss(theme));
console.log(`wrote ${path.relative(process.cwd(), target)}`);
