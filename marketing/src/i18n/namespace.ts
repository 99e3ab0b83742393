export const MARKETING_NS = 'marketing';
