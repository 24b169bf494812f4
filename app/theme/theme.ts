import { createTheme } from '@mui/material/styles';

// The blog's look: near-black primary, gold accent, light grey background; serif
// body, sans headings, a script face for h4; the site's breakpoints.
// Each web font first, then its stand-ins until it has loaded (font-fallbacks.css), then the system's own.
const serif = '"Lora", "Lora on Georgia", "Lora on Times New Roman", "Lora on Noto Serif", "Lora on DejaVu Serif", Georgia, "Times New Roman", serif';
const sans = '"Montserrat", "Montserrat on Helvetica Neue", "Montserrat on Arial", "Montserrat on Roboto", "Montserrat on DejaVu Sans", "Helvetica Neue", Arial, sans-serif';
const script = '"Dancing Script", "Brush Script MT", cursive';

/** theme.shape.borderRadius: ordinary corners (buttons, inputs, alerts); cards have three times that. */
const radius = 10;

const focusRing = (color: string) => ({ outline: `2px solid ${color}`, outlineOffset: -4 });

export const theme = createTheme({
  // MUI's transitions (menus, dialogs), ripples and spinners follow the reader's wish for less motion.
  motion: { reducedMotion: 'system' },
  breakpoints: { values: { xs: 0, sm: 600, md: 900, lg: 1300, xl: 1536 } },
  palette: {
    primary: { main: '#1d1b19', contrastText: '#ffffff' },
    secondary: { main: '#b8892b', light: '#d4ad5c', dark: '#8a6418', contrastText: '#1d1b19' },
    background: { default: '#f3f2ef', paper: '#ffffff' },
    text: { primary: '#1d1b19', secondary: '#57514a' },
  },
  shape: { borderRadius: radius },
  typography: {
    fontFamily: serif,
    h1: { fontFamily: sans, fontWeight: 700, fontSize: 'clamp(2rem, 1.4rem + 2.4vw, 3.2rem)', lineHeight: 1.15 },
    h2: { fontFamily: sans, fontWeight: 700, fontSize: 'clamp(1.6rem, 1.2rem + 1.6vw, 2.4rem)', lineHeight: 1.2 },
    h3: { fontFamily: sans, fontWeight: 600, fontSize: 'clamp(1.3rem, 1.1rem + 0.8vw, 1.75rem)', lineHeight: 1.25 },
    h4: { fontFamily: script, fontWeight: 600, fontSize: '2rem', lineHeight: 1.2, color: '#8a6418' },
    h5: { fontFamily: sans, fontWeight: 600, fontSize: '1.15rem' },
    h6: { fontFamily: sans, fontWeight: 600, fontSize: '1rem' },
    button: { fontFamily: sans, fontWeight: 600, textTransform: 'none', letterSpacing: 0.2 },
    overline: { fontFamily: sans, fontWeight: 600, letterSpacing: 1.5 },
    subtitle1: { fontFamily: sans, fontWeight: 600 },
    subtitle2: { fontFamily: sans, fontWeight: 600 },
    body1: { fontSize: '1.05rem', lineHeight: 1.7 },
  },
  components: {
    // The keyboard's focus on a button: a gold ring outside it, as on the site's own pill buttons
    // (MUI's own is a faint ripple, hard to see on the dark contained button).
    // High contrast (forced colours) draws no backgrounds: a contained button gets the system's border.
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: ({ theme }) => ({ '&.Mui-focusVisible': { outline: `3px solid ${theme.palette.secondary.main}`, outlineOffset: 2 } }),
        contained: { '@media (forced-colors: active)': { border: '1px solid ButtonText', '&.Mui-disabled': { borderColor: 'GrayText' } } },
      },
    },
    // A menu (the phone's categories, the account menu): the focused item ringed, not only tinted;
    // in high contrast the menu gets a border, as it has no shadow there.
    MuiMenu: { styleOverrides: { paper: { '@media (forced-colors: active)': { border: '1px solid CanvasText' } } } },
    MuiMenuItem: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.secondary.main}`, outlineOffset: -2 } }) } },
    // A select's arrow kept a grey fill that high contrast turned black on black.
    MuiNativeSelect: { styleOverrides: { icon: { '@media (forced-colors: active)': { forcedColorAdjust: 'none', fill: 'CanvasText' } } } },
    MuiCard: { defaultProps: { elevation: 0 } },
    // The blog's surfaces (forms, side panels, comments) are flat cards with large round corners.
    // Menus and dialogs keep their shadow and corners (they set their own elevation); an Alert is a
    // flat Paper inside and keeps the ordinary corners.
    MuiPaper: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { variants: [{ props: { elevation: 0 }, style: { borderRadius: radius * 3 } }] } },
    },
    MuiAlert: { styleOverrides: { root: { borderRadius: radius } } },
    MuiLink: { defaultProps: { color: 'inherit' } },
    // The keyboard's focus on an icon button (the password's show/hide), a radio button or a
    // checkbox: a gold ring, as on the site's own icon buttons (MUI's own is a faint grey halo).
    MuiIconButton: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme.palette.secondary.main) }) } },
    MuiRadio: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme.palette.secondary.main) }) } },
    MuiCheckbox: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme.palette.secondary.main) }) } },
  },
});
