import { createContext, useContext } from 'react';

/**
 * Whether the page is drawn under the artwork overlay (issue #14): its images are not the largest paint then, so
 * none of them asks to be fetched first; the overlay's first image does.
 */
export const UnderOverlay = createContext(false);

export const useUnderOverlay = () => useContext(UnderOverlay);
