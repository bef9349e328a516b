import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectPanelClockText } from '../panel-clock.selectors';
import { panelClockRequested } from '../panel-clock.slice';

/** How far the panel's clock was off as last seen; read as it is shown. */
export function PanelClockLine({ hwaddr }: { hwaddr: string }) {
  const dispatch = useAppDispatch();
  const text = useAppSelector((state) => selectPanelClockText(state, hwaddr));
  useEffect(() => {
    dispatch(panelClockRequested(hwaddr));
  }, [dispatch, hwaddr]);
  if (text === null) return null;
  return (
    <div className="panel-clock-reading small mb-1" data-testid="about-clock">
      {text}
    </div>
  );
}
