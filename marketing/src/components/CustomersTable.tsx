import type { Customer } from '../content/types';
import { useMarketingT } from '../lib/locale';

/** Customer results: a plain striped table styled in marketing.css (`cz-table`), one card per customer on a phone. */
export function CustomersTable({ customers }: { customers: Customer[] }) {
  const { t } = useMarketingT();
  return (
    <div className="cz-table-scroll cz-table-stack">
      <table className="cz-table cz-table--striped cz-customers">
        <thead>
          <tr>
            <th scope="col">{t('sections.customers.company')}</th>
            <th scope="col">{t('sections.customers.sector')}</th>
            <th scope="col">{t('sections.customers.result')}</th>
            <th scope="col">{t('sections.customers.articles')}</th>
          </tr>
        </thead>
        <tbody>
          {customers.map((c) => (
            <tr key={c.company}>
              <th scope="row">{c.company}</th>
              <td data-label={t('sections.customers.sector')}>{c.sector}</td>
              <td className="cz-customers-result" data-label={t('sections.customers.result')}>{c.result}</td>
              <td data-label={t('sections.customers.articles')}>{c.articles}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
