/**
 * WCAG 2.5.5 on phones and touch screens, in one place for every app (audit 12 X1): an icon-only button
 * (ActionIcon) or a close button (CloseButton: toasts, inputs, modals) is tapped over at least 44 × 44 px.
 * Their look is unchanged, the tap area is a transparent extension around them (::after); the close
 * button of a modal or a drawer is 44 px itself (its header has the room). The query is the one of
 * workspace/src/components/useTapSize.ts (phones up to 48em, any coarse pointer).
 */
export const TOUCH_MEDIA_QUERY = '(max-width: 48em), (pointer: coarse)';

const TAP = '2.75rem';

export const TAP_TARGET_CSS =
  `@media ${TOUCH_MEDIA_QUERY}{` +
  `.mantine-ActionIcon-root,.mantine-CloseButton-root{overflow:visible}` +
  `.mantine-ActionIcon-root::after,.mantine-CloseButton-root::after{content:'';position:absolute;top:50%;left:50%;` +
  `width:max(100%,${TAP});height:max(100%,${TAP});transform:translate(-50%,-50%)}` +
  `.mantine-Modal-close.mantine-CloseButton-root,.mantine-Drawer-close.mantine-CloseButton-root{width:${TAP};height:${TAP};min-width:${TAP};min-height:${TAP}}` +
  `}`;
