import { Text, Timeline } from '@mantine/core';
import { IconCalendar, IconCircleCheck, IconFileText } from './icons';

const bullets = [IconCalendar, IconFileText, IconCircleCheck];

/** Timeline used by the timeline-style 1 EUR offer card. */
export function DiscoveryTimeline({ steps }: { steps: { title: string; description: string }[] }) {
  return (
    <Timeline active={steps.length - 1} bulletSize={28} lineWidth={2}>
      {steps.map((step, index) => {
        const Bullet = bullets[index % bullets.length];
        return (
          <Timeline.Item key={step.title} title={step.title} bullet={<Bullet size={15} aria-hidden />}>
            <Text c="dimmed" size="sm">{step.description}</Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
