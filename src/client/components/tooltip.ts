/* Mantine's Tooltip on its own, for `HintTooltip` to load apart from the pages (decision 0023). */
export { Tooltip } from '@mantine/core';
