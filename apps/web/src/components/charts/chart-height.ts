/** Every chart of a statistics page is this tall (px), at the width of its card. */
export const CHART_HEIGHT = 240;
