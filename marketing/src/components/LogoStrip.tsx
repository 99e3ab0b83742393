import { Container, Group, Text } from '@mantine/core';

/** Customer word marks (drawn as text: no third-party logos are hosted). */
export function LogoStrip({ label, names }: { label: string; names: readonly string[] }) {
  return (
    <Container size="lg" py="xl" className="cz-logos">
      <Text ta="center" size="xs" tt="uppercase" fw={700} c="dimmed" mb="md" style={{ letterSpacing: '0.12em' }}>{label}</Text>
      <Group justify="center" gap="xl" component="ul" className="cz-plain-list">
        {names.map((name) => <Text component="li" key={name} fw={800} fz="lg" c="gray.6" className="cz-logo">{name}</Text>)}
      </Group>
    </Container>
  );
}
