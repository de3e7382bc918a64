// How many uploaders the statistics list by name (spec: the top 10), on the server's answer and on the screens.
export const TOP_UPLOADERS = 10;
