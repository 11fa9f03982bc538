// Boundary cases of the paginate area (see ./index.mjs for the shape of each export).
export function cases(_lib) {
  return [];
}

export function poisons(_lib) {
  return [];
}
