/** E-shops, shipping, delivery vans and translation groups, through their services. */
import { deliveryVanService } from "@/modules/settings/delivery-van/service";
import { eshopService } from "@/modules/settings/eshop/service";
import { shippingService } from "@/modules/settings/shipping/service";
import { translationGroupService } from "@/modules/settings/translation-group/service";
import { serviceFactory } from "./service-factory";

export const createEshop = serviceFactory(eshopService, (n) => ({ name: `E-shop ${n}`, url: `https://eshop-${n}.example.cz` }));

export const createShipping = serviceFactory(shippingService, (n) => ({ name: `Doprava ${n}`, price: 100 as number | string, priceByDistance: false }));

/** A valid Czech plate per number (1A0 0001, 1A0 0002, …): the spz is unique. */
export const plateFor = (n: number) => `${1 + (Math.floor(n / 100_000) % 9)}A${Math.floor(n / 10_000) % 10} ${String(n % 10_000).padStart(4, "0")}`;

export const createDeliveryVan = serviceFactory(deliveryVanService, (n) => ({ name: `Dodávka ${n}`, spz: plateFor(n) }));

export const createTranslationGroup = serviceFactory(translationGroupService, (n) => ({ name: `Překladová skupina ${n}` }));
