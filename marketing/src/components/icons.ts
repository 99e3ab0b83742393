// Icons used directly by components (one import per icon keeps first-load JS small).
export { default as IconCheck } from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
export { default as IconX } from '@tabler/icons-react/dist/esm/icons/IconX.mjs';
export { default as IconMinus } from '@tabler/icons-react/dist/esm/icons/IconMinus.mjs';
export { default as IconStarFilled } from '@tabler/icons-react/dist/esm/icons/IconStarFilled.mjs';
export { default as IconMail } from '@tabler/icons-react/dist/esm/icons/IconMail.mjs';
export { default as IconPhone } from '@tabler/icons-react/dist/esm/icons/IconPhone.mjs';
export { default as IconMapPin } from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
export { default as IconArrowRight } from '@tabler/icons-react/dist/esm/icons/IconArrowRight.mjs';
export { default as IconQuote } from '@tabler/icons-react/dist/esm/icons/IconQuote.mjs';
export { default as IconRobot } from '@tabler/icons-react/dist/esm/icons/IconRobot.mjs';
export { default as IconUserCheck } from '@tabler/icons-react/dist/esm/icons/IconUserCheck.mjs';
export { default as IconTool } from '@tabler/icons-react/dist/esm/icons/IconTool.mjs';
export { default as IconCalendar } from '@tabler/icons-react/dist/esm/icons/IconCalendar.mjs';
export { default as IconFileText } from '@tabler/icons-react/dist/esm/icons/IconFileText.mjs';
export { default as IconCircleCheck } from '@tabler/icons-react/dist/esm/icons/IconCircleCheck.mjs';
export { default as IconRocket } from '@tabler/icons-react/dist/esm/icons/IconRocket.mjs';
export { default as IconLock } from '@tabler/icons-react/dist/esm/icons/IconLock.mjs';
