import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectPanelForm, selectPanelFrame, selectPanelNetwork } from '../panels.selectors';
import { panelFormReset } from '../panels.slice';
import type { PanelFormId } from '../panels.types';

/**
 * What every panel item editor reads: the network, its form's request status, whether the inputs
 * are usable (connected with cloud control, a role that controls the site, no save under way) and,
 * when the role is what disables them, why (the title of the form and its Save). The form's status starts
 * afresh whenever the edited item changes, so a saved or failed zone never shows on the next one.
 */
export function usePanelEditor(hwaddr: string, networkId: number, form: PanelFormId, item: string) {
  const dispatch = useAppDispatch();
  const frame = useAppSelector((state) => selectPanelFrame(state, hwaddr, networkId));
  const network = useAppSelector((state) => selectPanelNetwork(state, hwaddr, networkId));
  const status = useAppSelector((state) => selectPanelForm(state, form));
  useEffect(() => {
    dispatch(panelFormReset(form));
  }, [dispatch, form, item]);
  return {
    dispatch,
    network,
    status,
    disabled: !frame.canControl || status.pending,
    noControlTitle: frame.noControlReason ?? undefined,
  };
}
