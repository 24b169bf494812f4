import { Outlet } from 'react-router';
import { MuiTheme } from '../../theme/mui-theme.tsx';

/** The pages built with MUI components (forms, account, search) get MUI's theme. */
export default function MuiPages() {
  return (
    <MuiTheme>
      <Outlet />
    </MuiTheme>
  );
}
