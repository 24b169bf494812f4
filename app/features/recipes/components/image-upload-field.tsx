import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { imageRemoved, uploadedImage, type UploadState } from '../use-image-upload.ts';
import { RecipeImage } from './recipe-image.tsx';

type Props = { state: UploadState; onFile: (file: File) => void; onRemove: () => void; error?: string };

/**
 * "Bild hochladen": the upload starts as soon as a file is chosen; progress in
 * percent, then a preview. A refused replacement keeps the picture before it.
 * The upload is the page's script: without JavaScript the field says so
 * instead of offering a file the form would not send. A file chosen before the
 * page's script ran is uploaded once it runs.
 */
export function ImageUploadField({ state, onFile, onRemove, error }: Props) {
  const hintId = useId();
  const statusId = useId();
  const message = state.status === 'failed' ? state.error : error;
  const uploaded = uploadedImage(state);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Left in the input (unlike a file chosen later): in development StrictMode runs this twice,
    // and the second run must find the file again after the first upload was stopped.
    const chosenEarly = input.current?.files?.[0];
    if (chosenEarly) onFile(chosenEarly);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for a file chosen before hydration
  }, []);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) onFile(file);
    // Choosing the same file again after a failure starts a new upload.
    event.target.value = '';
  }

  function handleRemove() {
    onRemove();
    // The button goes with the picture: the focus goes to the upload, where a new one is chosen.
    input.current?.focus();
  }

  return (
    <Stack
      spacing={1.5}
      sx={{ p: 2, border: '1px dashed', borderColor: message ? 'error.main' : 'divider', borderRadius: 2, bgcolor: 'background.default' }}
    >
      <Typography variant="body2" sx={{ display: 'none', '@media (scripting: none)': { display: 'block' } }}>
        Ein Bild lädst du mit eingeschaltetem JavaScript hoch. Ohne Bild zeigen wir einen Platzhalter.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, '@media (scripting: none)': { display: 'none' } }}>
        {uploaded && (
          <Box sx={{ width: { xs: '100%', sm: 160 }, flexShrink: 0, borderRadius: 1.5, overflow: 'hidden' }}>
            <RecipeImage image={uploaded.image} alt="Vorschau des hochgeladenen Bildes" sizes="160px" />
          </Box>
        )}
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          {/* A label that looks like a button, not a button (MUI's file input pattern): the input inside takes the focus. */}
          <Button
            component="label"
            role={undefined}
            tabIndex={-1}
            variant="outlined"
            color="primary"
            startIcon={<PhotoCameraIcon />}
            sx={{ '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'secondary.main', outlineOffset: 2 } }}
          >
            {uploaded ? 'Anderes Bild hochladen' : 'Bild hochladen'}
            <Box
              component="input"
              type="file"
              ref={input}
              accept="image/jpeg,.jpg,.jpeg"
              aria-describedby={`${hintId} ${statusId}`}
              onChange={handleChange}
              sx={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
            />
          </Button>
          {uploaded && state.status !== 'uploading' && (
            <Button variant="text" color="primary" size="small" startIcon={<DeleteOutlinedIcon />} onClick={handleRemove}>
              Bild entfernen
            </Button>
          )}
          <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
            Ein Foto im Format JPEG (.jpg), höchstens 20 MB. Ohne Bild zeigen wir einen Platzhalter.
          </Typography>
        </Stack>
      </Stack>

      <Box id={statusId}>
        {(state.status === 'uploading' || state.status === 'done') && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <LinearProgress
              variant="determinate"
              value={state.progress}
              color={state.status === 'done' ? 'success' : 'secondary'}
              aria-label="Fortschritt beim Hochladen"
              sx={{ flex: 1, height: 8, borderRadius: 4 }}
            />
            <Typography variant="body2" sx={{ fontFamily: 'var(--font-sans)', fontWeight: 600, minWidth: '3.5em', textAlign: 'right' }}>
              {state.progress} %
            </Typography>
          </Stack>
        )}
        {state.status === 'uploading' && (
          <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
            {state.progress < 99 ? `${state.fileName} wird hochgeladen …` : `${state.fileName} wird verarbeitet …`}
          </Typography>
        )}
        {state.status === 'done' && (
          <Typography role="status" variant="body2" sx={{ mt: 0.5, display: 'flex', alignItems: 'center', gap: 0.5, color: 'success.dark' }}>
            <CheckCircleIcon fontSize="small" /> {state.fileName} ist hochgeladen.
          </Typography>
        )}
        {imageRemoved(state) && state.status === 'idle' && (
          <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
            Bild entfernt.
          </Typography>
        )}
        {message && (
          <FormHelperText error role="alert" sx={{ mx: 0, fontSize: '0.9rem' }}>
            {message}
            {state.status === 'failed' && uploaded && ` Das bisherige Bild (${uploaded.fileName}) bleibt.`}
          </FormHelperText>
        )}
      </Box>
    </Stack>
  );
}
