/** Logo strip (company names drawn as word marks). */
export const logos = ['Atelier Lumen', 'Parcel', 'Maison Sable', 'Agence Nord', 'Fleetly', 'Nomad Finance'];
