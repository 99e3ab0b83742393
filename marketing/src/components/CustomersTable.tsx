import { Table } from '@mantine/core';
import type { Customer } from '../content/types';
import { useMarketingT } from '../lib/locale';

export function CustomersTable({ customers }: { customers: Customer[] }) {
  const { t } = useMarketingT();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" striped highlightOnHover maw={900} mx="auto">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('sections.customers.company')}</Table.Th>
            <Table.Th scope="col">{t('sections.customers.sector')}</Table.Th>
            <Table.Th scope="col">{t('sections.customers.result')}</Table.Th>
            <Table.Th scope="col">{t('sections.customers.articles')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((c) => (
            <Table.Tr key={c.company}>
              <Table.Th scope="row">{c.company}</Table.Th>
              <Table.Td>{c.sector}</Table.Td>
              <Table.Td fw={600} c="teal.8">{c.result}</Table.Td>
              <Table.Td>{c.articles}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
