/** Every free-text field of the portal is bounded by the same limit (spec §9 "Input max length"). */
export const TEXT_MAX = 255;
