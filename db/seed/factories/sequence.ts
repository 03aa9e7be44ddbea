/** One counter for every factory: each call gets a number no other call of this process got, for names the app keeps unique. */
let last = 0;

export const nextNumber = (): number => ++last;
