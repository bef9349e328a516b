import { Breadcrumb } from 'react-bootstrap';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumb of Home plus the route names, then the page title and its subtitle (spec 2.2). */
export function PageHeader({ crumbs, title, subtitle }: { crumbs: Crumb[]; title: string; subtitle?: string }) {
  return (
    <header className="page-header">
      <Breadcrumb>
        <Breadcrumb.Item linkAs={Link} linkProps={{ to: '/' }} active={crumbs.length === 0}>
          Home
        </Breadcrumb.Item>
        {crumbs.map((crumb, index) => (
          <Breadcrumb.Item
            key={crumb.label}
            linkAs={Link}
            linkProps={{ to: crumb.to ?? '/' }}
            active={index === crumbs.length - 1 || !crumb.to}
          >
            {crumb.label}
          </Breadcrumb.Item>
        ))}
      </Breadcrumb>
      <h1 className="page-header__title">{title}</h1>
      {subtitle && <p className="page-header__subtitle text-muted">{subtitle}</p>}
    </header>
  );
}
