import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import { keyframes } from '@mui/material/styles';
import { useNavigation } from 'react-router';

const appear = keyframes`to { opacity: 1; }`;

/**
 * While the next page loads on a client navigation (e.g. /edit/{id} reading
 * its recipe): a bar at the top at once, and a spinner over the page when it
 * takes longer than a moment (the delay is CSS, so fast pages never flash it).
 * Form submissions show their own progress on their buttons.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== 'loading' || navigation.formMethod) return null;
  return (
    <>
      <LinearProgress
        color="secondary"
        aria-label="Seite wird geladen"
        sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.appBar + 1 }}
      />
      <Box
        role="status"
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'grid',
          placeItems: 'start center',
          pt: 12,
          bgcolor: 'rgba(243, 242, 239, 0.7)',
          zIndex: 1,
          opacity: 0,
          animation: `${appear} 0.15s ease-out 0.35s forwards`,
        }}
      >
        <CircularProgress color="secondary" aria-label="Seite wird geladen" />
      </Box>
    </>
  );
}
