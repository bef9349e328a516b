import { useEffect, useState } from 'react';
import type { Action } from '@reduxjs/toolkit';
import { useAppDispatch } from './store-hooks';

/**
 * Dispatches the section's opening action as it mounts, and answers false until then: the opening
 * resets the section's state, so that an earlier visit's list, outcome or notice never shows.
 */
export function useSectionOpened(opened: () => Action): boolean {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    dispatch(opened());
    // eslint-disable-next-line react-hooks/set-state-in-effect -- set once, after the store's reset
    setOpen(true);
  }, [dispatch, opened]);
  return open;
}
