// Texts of the landing pages that show without the site header (business and official
// index, partner plan, the partners' own index pages, Welcome) and of the activity page.
import type { LocalText } from "../../access";

export interface LandingContent {
  eyebrow: LocalText;
  title: LocalText;
  text: LocalText;
  /** Which sections of the index follow the hero. */
  sections: ("products" | "business" | "promises" | "partnerSteps")[];
}

const zhen = (zh: string, en: string): LocalText => ({ zh, en });

export const LANDINGS: Readonly<Record<string, LandingContent>> = {
  th_business_index: {
    eyebrow: zhen("企业差旅 · 一站管理", "Corporate travel in one place"),
    title: zhen("商旅首页", "Business travel"),
    text: zhen(
      "为企业与员工提供机票、火车票、酒店预订，差旅标准、出差审批与企业账单在线管理，出行有据可查，费用统一结算。",
      "Flights, trains and hotels for companies and their staff, with travel standards, approvals and company bills managed online.",
    ),
    sections: ["products", "business", "promises"],
  },
  th_official_index: {
    eyebrow: zhen("天禾商旅", "Tianhe Business Travel"),
    title: zhen("天禾商旅 · 企业差旅", "Tianhe Business Travel"),
    text: zhen(
      "天禾商旅的企业客户在这里预订因公出行：员工按差旅标准自助预订，需审批的行程在线提交，费用由企业按月统一结算。",
      "Tianhe's corporate customers book business trips here: staff book within their travel standard and the company settles monthly.",
    ),
    sections: ["products", "business"],
  },
  partner_plan_index: {
    eyebrow: zhen("合伙人计划", "Partner plan"),
    title: zhen("成为合伙人，与我们一起服务出行", "Become a partner and serve travellers with us"),
    text: zhen(
      "分销服务商与城市运营商可以推荐会员和企业客户使用本平台预订，推荐成功的会员产生的订单按协议计入您的分润收益，收益明细随时可查。",
      "Distribution providers and city operators recommend members and companies; their orders count towards your share income under your agreement.",
    ),
    sections: ["partnerSteps", "promises"],
  },
  WLBusinessWLIndex: {
    eyebrow: zhen("蔚蓝出行", "Weilan Travel"),
    title: zhen("欢迎使用蔚蓝出行", "Welcome to Weilan Travel"),
    text: zhen(
      "您正在使用蔚蓝出行提供的机票与火车票预订服务，订单与出行信息可在“我的订单”中查看。",
      "You are booking flights and trains through Weilan Travel; your orders are under My orders.",
    ),
    sections: ["promises"],
  },
  GYBusinessGYIndex: {
    eyebrow: zhen("合作企业", "Partner company"),
    title: zhen("合作企业商旅首页", "Partner business travel"),
    text: zhen(
      "贵公司员工可在这里预订因公出行的机票、火车票与酒店，差旅标准与审批规则由贵公司管理员统一设置。",
      "Your company's staff book business flights, trains and hotels here, within the standards and approvals your administrator sets.",
    ),
    sections: ["products", "promises"],
  },
  Welcome: {
    eyebrow: zhen("欢迎", "Welcome"),
    title: zhen("欢迎使用商旅门户", "Welcome to the travel portal"),
    text: zhen(
      "登录后即可预订机票、火车票和酒店，管理订单、常用旅客与账单；企业客户还可进入企业工作台管理员工与差旅政策。",
      "Sign in to book flights, trains and hotels and manage orders, travellers and bills; companies also get the enterprise workbench.",
    ),
    sections: ["products"],
  },
  xilin_activity: {
    eyebrow: zhen("专题活动", "Feature"),
    title: zhen("锡林郭勒 · 草原出行专题", "Xilingol grassland travel"),
    text: zhen(
      "锡林浩特机场（XIL）与北京、呼和浩特等城市有定期航班。出行前可先查询航班与酒店，本专题当前没有进行中的优惠场次。",
      "Xilinhot airport (XIL) has scheduled flights to Beijing, Hohhot and other cities. No special offer is running at the moment.",
    ),
    sections: ["products"],
  },
};

export const PARTNER_STEPS: { title: LocalText; text: LocalText }[] = [
  { title: zhen("注册账号", "Register"), text: zhen("注册会员后联系客服开通分销服务商或城市运营商资格。", "Register, then ask us to open a provider or operator account.") },
  { title: zhen("推荐会员", "Recommend"), text: zhen("把平台推荐给个人与企业客户，推荐关系在“推荐会员”中可查。", "Recommend the portal; your referrals appear under Recommended members.") },
  { title: zhen("获得收益", "Earn"), text: zhen("推荐会员的订单按协议计入分润收益，可在“分润收益”中对账。", "Your referrals' orders count towards share income, listed under Share income.") },
];
