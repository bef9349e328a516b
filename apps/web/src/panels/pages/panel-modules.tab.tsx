import { useMemo } from 'react';
import { Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { portTypeLabel } from '@app/contracts';
import { useAppSelector } from '../../shared/store-hooks';
import { moduleRowsOf } from '../panel-view.util';
import { selectPanelNetwork } from '../panels.selectors';

/** The panel's modules: port, type, sub-device count, Edit (spec 2.17). */
export function PanelModulesTab({ hwaddr, networkId, base }: { hwaddr: string; networkId: number; base: string }) {
  const network = useAppSelector((state) => selectPanelNetwork(state, hwaddr, networkId));
  const rows = useMemo(() => (network ? moduleRowsOf(network, base) : []), [network, base]);
  if (!network) return null;
  if (rows.length === 0) return <p className="text-muted">No modules reported by this panel.</p>;
  return (
    <Table size="sm" striped responsive className="modules-table">
      <thead>
        <tr>
          <th>Port</th>
          <th>Type</th>
          <th>Devices</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.port_id} data-port={row.port_id}>
            <td>{row.port_id}</td>
            <td>{portTypeLabel(row.port_type)}</td>
            <td>{row.devices}</td>
            <td className="text-end">
              <Link to={row.link} className="btn btn-sm btn-outline-primary" aria-label={`Edit module ${row.label}`}>
                Edit
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
