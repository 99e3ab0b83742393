import { Container, Group, Text } from '@mantine/core';

/**
 * Customer word marks, drawn (no third-party logos are hosted): a monogram tile and the name, each in
 * its own typographic style, in greys that read at AA contrast.
 */
const MARK_STYLES = ['cz-logo--serif', 'cz-logo--mono', 'cz-logo--caps', 'cz-logo--round'] as const;
export function LogoStrip({ label, names }: { label: string; names: readonly string[] }) {
  return (
    <Container size="lg" py="xl" className="cz-logos">
      <Text ta="center" size="xs" tt="uppercase" fw={700} c="dimmed" mb="md" style={{ letterSpacing: '0.12em' }}>{label}</Text>
      <Group justify="center" gap="xl" component="ul" className="cz-plain-list">
        {names.map((name, index) => (
          <Text component="li" key={name} fw={800} fz={{ base: 'sm', xs: 'lg' }} className={`cz-logo ${MARK_STYLES[index % MARK_STYLES.length]}`}>
            <span className="cz-logo-mark" aria-hidden>{name.slice(0, 1)}</span>
            {name}
          </Text>
        ))}
      </Group>
    </Container>
  );
}
