import { Fragment } from 'react';
import { Text, type TextProps } from '@mantine/core';
import { COMPANY } from '../config/contact';

/**
 * The company's postal address laid out as on an envelope: the company's legal name (unless the
 * configured address starts with the company's name already), then one line per
 * comma-separated part of the configured address (street, postcode and city, country).
 */
export function PostalAddress({ address, ...props }: { address: string } & TextProps) {
  const parts = address.split(',').map((part) => part.trim()).filter(Boolean);
  const lines = parts[0]?.toLowerCase().startsWith(COMPANY.name.toLowerCase()) ? parts : [COMPANY.legalName, ...parts];
  return (
    <Text component="span" display="block" lh={1.5} {...props}>
      {lines.map((line, index) => (
        <Fragment key={line}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </Text>
  );
}
