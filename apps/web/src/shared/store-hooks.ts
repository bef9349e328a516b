import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch } from '../app/app.store';
import type { RootState } from '../app/root.reducer';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
