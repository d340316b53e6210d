/* Labels the flow's views share with pages that load without the flow (the dashboard). */

/** The welcome view's button, and the dashboard's that leads to it (SPEC.md section 2). */
export const START_INTERVIEW_LABEL = 'Start My Interview';

/** The permission view's title (and the refusal toast's), which the simulator page draws before the flow has loaded. */
export const MICROPHONE_ACCESS_REQUIRED = 'Microphone Access Required';

/** The permission view's button. */
export const ALLOW_MICROPHONE_LABEL = 'Allow Microphone Access';
