// @citable/shared/stats: rates with their intervals, two versions compared, the samples a precision needs.
export { Z_95, compareProportions, halfWidth, samplesForPrecision, wilsonInterval } from './proportions';
export type { Lift, LiftVerdict, Proportion } from './proportions';
