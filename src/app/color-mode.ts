import { createContext, useContext } from 'react';
import type { PaletteMode } from '@mui/material/styles';

export const ColorModeContext = createContext<{ mode: PaletteMode; toggle: () => void }>({ mode: 'light', toggle: () => {} });
export const useColorMode = () => useContext(ColorModeContext);
