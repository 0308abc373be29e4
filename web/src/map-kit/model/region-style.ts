/** Fill colours of the communes, chosen by their area id (ID_3). */
export const REGION_COLOURS = ['#8dd3c7', '#ffffb3', '#bebada', '#fb8072', '#80b1d3', '#fdb462', '#b3de69', '#fccde5'];

export function regionColour(id: unknown): string {
  const n = Math.abs(Math.trunc(Number(id))) || 0;
  return REGION_COLOURS[n % REGION_COLOURS.length] ?? REGION_COLOURS[0]!;
}

/** The communes' outline and fill (the map's region layer and the dashboard's map preview). */
export const REGION_STYLE = { color: '#455a64', weight: 1.5, opacity: 0.9, fillOpacity: 0.22 } as const;
