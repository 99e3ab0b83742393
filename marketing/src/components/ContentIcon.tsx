import type { ComponentType } from 'react';
import { ThemeIcon, type ThemeIconProps } from '@mantine/core';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import IconRobot from '@tabler/icons-react/dist/esm/icons/IconRobot.mjs';
import IconUserCheck from '@tabler/icons-react/dist/esm/icons/IconUserCheck.mjs';
import IconWorldUpload from '@tabler/icons-react/dist/esm/icons/IconWorldUpload.mjs';
import IconPhoto from '@tabler/icons-react/dist/esm/icons/IconPhoto.mjs';
import IconChartBar from '@tabler/icons-react/dist/esm/icons/IconChartBar.mjs';
import IconClock from '@tabler/icons-react/dist/esm/icons/IconClock.mjs';
import IconMessage from '@tabler/icons-react/dist/esm/icons/IconMessage.mjs';
import IconTarget from '@tabler/icons-react/dist/esm/icons/IconTarget.mjs';
import IconSparkles from '@tabler/icons-react/dist/esm/icons/IconSparkles.mjs';
import IconShieldCheck from '@tabler/icons-react/dist/esm/icons/IconShieldCheck.mjs';
import IconPhone from '@tabler/icons-react/dist/esm/icons/IconPhone.mjs';
import IconListCheck from '@tabler/icons-react/dist/esm/icons/IconListCheck.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import IconRocket from '@tabler/icons-react/dist/esm/icons/IconRocket.mjs';
import IconBrain from '@tabler/icons-react/dist/esm/icons/IconBrain.mjs';
import IconFileText from '@tabler/icons-react/dist/esm/icons/IconFileText.mjs';
import IconUsers from '@tabler/icons-react/dist/esm/icons/IconUsers.mjs';
import IconTrendingUp from '@tabler/icons-react/dist/esm/icons/IconTrendingUp.mjs';
import IconLink from '@tabler/icons-react/dist/esm/icons/IconLink.mjs';
import IconHeart from '@tabler/icons-react/dist/esm/icons/IconHeart.mjs';
import IconCoin from '@tabler/icons-react/dist/esm/icons/IconCoin.mjs';
import type { IconKey } from '../content/types';

type IconComponent = ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;

const icons: Record<IconKey, IconComponent> = {
  search: IconSearch, robot: IconRobot, 'user-check': IconUserCheck, 'world-upload': IconWorldUpload,
  photo: IconPhoto, chart: IconChartBar, clock: IconClock, message: IconMessage, target: IconTarget,
  sparkles: IconSparkles, shield: IconShieldCheck, phone: IconPhone, 'list-check': IconListCheck,
  pencil: IconPencil, rocket: IconRocket, brain: IconBrain, 'file-text': IconFileText, users: IconUsers,
  'trending-up': IconTrendingUp, link: IconLink, heart: IconHeart, coin: IconCoin,
};

export function ContentIcon({ icon, size = 48, ...props }: { icon: IconKey; size?: number } & Omit<ThemeIconProps, 'children' | 'size'>) {
  const Icon = icons[icon];
  return (
    <ThemeIcon size={size} radius="md" variant="light" {...props}>
      <Icon size={Math.round(size * 0.55)} stroke={1.6} aria-hidden />
    </ThemeIcon>
  );
}
